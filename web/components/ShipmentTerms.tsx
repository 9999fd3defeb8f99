/** A shipped order's carrier and tracking number, as terms of a description list (customer's and owner's pages alike). */
export function ShipmentTerms({ carrier, trackingNumber }: { carrier: string | null; trackingNumber: string | null }) {
  if (!carrier) return null;
  return (
    <>
      <dt className="text-zinc-600">Carrier</dt>
      <dd>{carrier}</dd>
      <dt className="text-zinc-600">Tracking number</dt>
      <dd className="break-all">{trackingNumber}</dd>
    </>
  );
}
