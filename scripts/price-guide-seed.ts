// The screenshots' price guide: a car priced by six collectors through sync/push, as devices send it.
import { randomUUID } from 'node:crypto';
import { createCollector, pushMutations } from '../bench/ui/app-session';

/**
 * My car's price guide, from six collectors: three ask for carded copies, three sold a loose copy
 * to a buyer at the price agreed. It shows on the car page, the listing form and in Stats.
 */
export async function seedPriceGuide(base: string, carId: string) {
  const buyer = await createCollector(base, 'loose_buyer');
  const deals = [
    { condition: 'carded', askingPrice: 4, sold: null },
    { condition: 'carded', askingPrice: 5, sold: null },
    { condition: 'carded', askingPrice: 7, sold: null },
    { condition: 'loose', askingPrice: 3, sold: 2.5 },
    { condition: 'loose', askingPrice: 2, sold: 2 },
    { condition: 'loose', askingPrice: 3.5, sold: 3 },
  ] as const;
  for (const [index, deal] of deals.entries()) {
    const seller = await createCollector(base, `guide_seller${index + 1}`);
    const listingId = randomUUID();
    await pushMutations(base, seller, [
      {
        name: 'collection/add-car-instance',
        args: { carId, details: { instanceId: 'guide-copy', condition: deal.condition } },
      },
      {
        name: 'listings/create',
        args: {
          listingId,
          kind: 'car',
          itemId: carId,
          instanceId: 'guide-copy',
          forTrade: false,
          forSale: true,
          askingPrice: deal.askingPrice,
          wants: '',
        },
      },
    ]);
    if (deal.sold === null) continue;
    const offerId = randomUUID();
    await pushMutations(base, buyer, [
      {
        name: 'offers/create',
        args: { offerId, listingId, message: 'Loose is fine', price: deal.sold },
      },
    ]);
    await pushMutations(base, seller, [
      { name: 'offers/answer', args: { offerId, accept: true } },
      { name: 'listings/complete', args: { listingId, outcome: 'sold', offerId } },
    ]);
  }
}
