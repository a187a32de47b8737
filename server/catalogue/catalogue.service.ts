import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import type { Localised } from '../db/seeded-names.ts';
import { ApiError, fieldError, notFound } from '../shared/errors.ts';
import { parsePoints, pointsToDecimal, unitScale } from '../shared/money.ts';
import {
  insertProduct,
  lockCatalogueProduct,
  updateProduct,
  type CatalogueProductRow,
  type ProductValues,
} from './catalogue-admin.repository.ts';

export const priceMessage = 'Enter the price in points, more than 0, with at most 4 decimals.';
export const belowSoldMessage = 'The capacity cannot be lower than the shares already sold.';
export const reasonMessage = 'Say why the price changes: it is kept in the audit log.';
export const productNotFoundMessage = 'Product not found';

/** The product fields as the request carries them (the price as decimal text). */
export interface ProductInput {
  names: Localised;
  descriptions: Localised;
  specifications: Localised;
  units: Localised;
  price: string;
  quantity: number;
  rated_capacity_watts: number;
  pictures?: string[];
  certificates?: { name: string; src: string }[];
  on_sale: boolean;
}

/** Shares (whole units) the live orders hold, rounded up: capacity may never go below them. */
export const sharesSold = (heldE8: string | bigint): bigint => (BigInt(heldE8) + unitScale - 1n) / unitScale;

/** What the audit log keeps of a product: money as a decimal string, never a float. */
export function auditView(product: CatalogueProductRow | ProductValues) {
  return {
    names: product.names,
    descriptions: product.descriptions,
    specifications: product.specifications,
    units: product.units,
    price: pointsToDecimal(BigInt(product.price)),
    quantity: product.quantity,
    rated_capacity_watts: String(product.rated_capacity_watts),
    pictures: product.pictures,
    certificates: product.certificates,
    on_sale: product.on_sale,
  };
}

function valuesOf(input: ProductInput): ProductValues {
  const price = parsePoints(input.price);
  if (price === undefined || price <= 0n) throw fieldError('price', 'validation', priceMessage);
  const trim = (texts: Localised): Localised => ({
    zhs: texts.zhs?.trim() ?? '',
    zht: texts.zht?.trim() ?? '',
    eng: texts.eng?.trim() ?? '',
  });
  const names = trim(input.names);
  return {
    // `name` is the API's fallback field: the English name, as the original app's was.
    name: names.eng ?? '',
    names,
    descriptions: trim(input.descriptions),
    specifications: trim(input.specifications),
    units: trim(input.units),
    price,
    quantity: input.quantity,
    rated_capacity_watts: input.rated_capacity_watts,
    pictures: input.pictures ?? [],
    certificates: (input.certificates ?? []).map((certificate) => ({ name: certificate.name.trim(), src: certificate.src })),
    on_sale: input.on_sale,
  };
}

export async function addProduct(db: Db, operatorId: number, input: ProductInput): Promise<number> {
  const values = valuesOf(input);
  return db.transaction().execute(async (trx) => {
    const id = await insertProduct(trx, values);
    await recordAudit(trx, { operatorId, action: 'product.create', subjectType: 'product', subjectId: id, after: auditView(values) });
    return id;
  });
}

/**
 * Saves every field of a product. The row is locked as an order locks it, so the capacity is checked
 * against the shares sold with no order slipping in between; a price change needs a reason.
 */
export async function changeProduct(db: Db, operatorId: number, id: number, input: ProductInput & { reason?: string }): Promise<void> {
  const values = valuesOf(input);
  await db.transaction().execute(async (trx) => {
    const before = await lockCatalogueProduct(trx, id);
    if (before === undefined) throw notFound('product_not_found', productNotFoundMessage);
    if (BigInt(values.quantity) < sharesSold(before.held_e8))
      throw new ApiError(422, 'product_capacity_below_sold', belowSoldMessage, {
        detail: { sold: Number(sharesSold(before.held_e8)) },
        errors: { quantity: [belowSoldMessage] },
      });
    const reason = input.reason?.trim() ?? '';
    if (values.price !== BigInt(before.price) && reason === '') throw fieldError('reason', 'validation', reasonMessage);
    await updateProduct(trx, id, values);
    await recordAudit(trx, {
      operatorId,
      action: 'product.update',
      subjectType: 'product',
      subjectId: id,
      before: auditView(before),
      after: { ...auditView(values), ...(reason === '' ? {} : { reason }) },
    });
  });
}

export { countAllProducts, findCatalogueProduct, listAllProducts } from './catalogue-admin.repository.ts';
export type { CatalogueProductRow } from './catalogue-admin.repository.ts';

export { findProduct, listProducts } from './catalogue.repository.ts';
export type { ProductRow } from './catalogue.repository.ts';
