/**
 * What an action on the page came to, in two live regions that are always in the page (so screen
 * readers announce what later appears in them): a problem in red, or what was done in green.
 */
export function Feedback({ problem, done }: { problem: string | null; done: string | null }) {
  return (
    <>
      <p role="alert" className={problem ? 'text-red-700' : 'sr-only'}>
        {problem}
      </p>
      <p role="status" className={done ? 'text-green-800' : 'sr-only'}>
        {done}
      </p>
    </>
  );
}
