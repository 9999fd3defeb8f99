/** The dashboard's boxes: a notice (something to look at) and an alarm (something wrong), for Dashboard.tsx and Upkeep.tsx. */
export const notice = 'mt-3 rounded-xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-300';
export const alarm = 'mt-3 rounded-xl bg-red-50 p-4 text-red-900 ring-1 ring-red-200';
