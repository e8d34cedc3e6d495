/**
 * The card images of an order: <img> tags on /orderImage/{orderId}/{index},
 * a resource route that authorises the order and fetches each image with its
 * customer key (ADR 0007). Fixed boxes, so nothing moves while they load.
 */
export function OrderImages({ orderId, count }: { orderId: number; count: number }) {
  if (count === 0) return <p className="text-sm text-gray-600">No image was sent with this order.</p>;
  return (
    <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label="Card images" data-testid="order-images">
      {Array.from({ length: count }, (_, i) => {
        const src = `/orderImage/${orderId}/${i}`;
        return (
          <li key={i}>
            <a href={src} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-lg bg-gray-100 ring-1 ring-gray-200">
              <img
                src={src}
                alt={`Card image ${i + 1}`}
                width={160}
                height={160}
                loading="lazy"
                decoding="async"
                className="aspect-square h-auto w-full object-cover"
              />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
