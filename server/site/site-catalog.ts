import { listProducts } from '../catalogue/catalogue.repository.ts';
import type { Db } from '../db/database.ts';
import { pointsToDecimal } from '../shared/money.ts';
import type { CatalogEntry } from './site-content.ts';

/** The catalogue as brand pages show it (names in each language, prices in points, quantities), read now from the database. */
export async function catalogSnapshot(db: Db): Promise<CatalogEntry[]> {
  return (await listProducts(db)).map((product) => ({
    id: String(product.id),
    name: product.name,
    names: product.names,
    price: pointsToDecimal(product.price)
      .replace(/(\.\d*?)0+$/, '$1')
      .replace(/\.$/, ''),
    quantity: product.quantity,
  }));
}
