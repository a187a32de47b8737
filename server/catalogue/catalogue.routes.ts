import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { success } from '../http/envelope.ts';
import { notFound } from '../shared/errors.ts';
import { pointsToNumber } from '../shared/money.ts';
import { envelopeOf, idParams, recordId } from '../http/schemas.ts';
import { productSchema } from './catalogue.schemas.ts';
import { type ProductRow, findProduct, listProducts } from './catalogue.service.ts';

export const catalogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/product',
    { schema: { tags: ['catalogue'], summary: 'The catalogue', response: { 200: envelopeOf(Type.Array(productSchema)) } } },
    async () => success((await listProducts(app.db)).map(productJson)),
  );

  app.get(
    '/v1/product/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One product',
        params: idParams,
        response: { 200: envelopeOf(productSchema) },
      },
    },
    async (request) => {
      const id = recordId(request.params);
      const product = id === undefined ? undefined : await findProduct(app.db, id);
      // A hidden product is not shown to members; their orders for it still name it (order objects carry its name).
      if (product === undefined || !product.on_sale) throw notFound('product_not_found', 'Product not found');
      return success(productJson(product));
    },
  );
};

function productJson(product: ProductRow) {
  return {
    id: product.id,
    name: product.name,
    names: product.names,
    price: pointsToNumber(product.price),
    quantity: product.quantity,
    rated_capacity_watts: Number(product.rated_capacity_watts),
    descriptions: product.descriptions,
    specifications: product.specifications,
    units: product.units,
  };
}
