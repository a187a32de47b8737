import { pointScale } from '../shared/money.ts';

/** The original app's fixed product: id 1, graphene solar power, price 15,000,000 points, quantity 23. */
export const solarProduct = {
  id: 1,
  name: 'Graphene solar power',
  price: 15_000_000n * pointScale,
  quantity: 23,
  /** One whole unit is a 1 MW share of an engine room's panels. */
  ratedCapacityWatts: 1_000_000n,
} as const;
