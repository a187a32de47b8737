import type { ColumnType, Generated } from 'kysely';

/**
 * The database as Kysely sees it. BIGINT columns come back as strings on both drivers
 * (see database.ts) and are parsed with BigInt at the edge of each repository.
 */
export interface Database {
  products: ProductTable;
}

export interface ProductTable {
  id: Generated<number>;
  name: string;
  /** Price in ten-thousandths of a point. */
  price: ColumnType<string, string | bigint, string | bigint>;
  quantity: number;
  /** Rated capacity of one whole unit in watts, for the cart's MW estimate. */
  rated_capacity_watts: ColumnType<string, string | bigint, string | bigint>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, Date>;
}
