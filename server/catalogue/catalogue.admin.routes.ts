import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { operatorOf } from '../auth/operator.guard.ts';
import { success } from '../http/envelope.ts';
import { pageField, pageOffset, paginate, paginatedOf, perPageDefault } from '../http/paging.ts';
import { envelopeOf, multilineText } from '../http/schemas.ts';
import { catalogueProductSchema, productBody } from './catalogue.schemas.ts';
import { pointsToDecimal } from '../shared/money.ts';
import { notFound } from '../shared/errors.ts';
import {
  addProduct,
  changeProduct,
  productNotFoundMessage,
  sharesSold,
  type CatalogueProductRow,
  countAllProducts,
  findCatalogueProduct,
  listAllProducts,
} from './catalogue.service.ts';

const bearer = [{ bearer: [] }];
const tags = ['operators'];

const text = (value: Partial<Record<'zhs' | 'zht' | 'eng', string>>) => ({
  zhs: value.zhs ?? '',
  zht: value.zht ?? '',
  eng: value.eng ?? '',
});

function productJson(row: CatalogueProductRow) {
  return {
    id: row.id,
    names: text(row.names),
    descriptions: text(row.descriptions),
    specifications: text(row.specifications),
    units: text(row.units),
    price: pointsToDecimal(BigInt(row.price)),
    quantity: row.quantity,
    rated_capacity_watts: Number(row.rated_capacity_watts),
    pictures: row.pictures,
    certificates: row.certificates,
    on_sale: row.on_sale,
    sold: Number(sharesSold(row.held_e8)),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

const idParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

/** The catalogue in the back office (decision 027): products listed, added and edited, their pictures uploaded. */
export const catalogueAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const reread = async (id: number) => {
    const row = await findCatalogueProduct(app.db, id);
    if (row === undefined) throw notFound('product_not_found', productNotFoundMessage);
    return productJson(row);
  };

  app.get(
    '/admin/v1/catalogue/products',
    {
      schema: {
        tags,
        summary: 'Every product, hidden ones too, with the shares sold of each',
        querystring: Type.Object({ page: pageField }),
        security: bearer,
        response: { 200: envelopeOf(paginatedOf(catalogueProductSchema)) },
      },
    },
    async (request) => {
      const { page = 1 } = request.query;
      const [total, rows] = await Promise.all([countAllProducts(app.db), listAllProducts(app.db, pageOffset(page), perPageDefault)]);
      return success(paginate(request, page, total, rows.map(productJson)));
    },
  );

  app.post(
    '/admin/v1/catalogue/products',
    {
      schema: {
        tags,
        summary: 'Add a product (422 naming each field at fault; nothing is saved then)',
        body: Type.Object(productBody, { additionalProperties: false }),
        security: bearer,
        response: { 201: envelopeOf(catalogueProductSchema) },
      },
    },
    async (request, reply) => {
      const id = await addProduct(app.db, operatorOf(request).operatorId, request.body);
      return reply.status(201).send(success(await reread(id), 'Product added'));
    },
  );

  app.put(
    '/admin/v1/catalogue/products/:id',
    {
      schema: {
        tags,
        summary:
          'Save every field of a product. A capacity below the shares sold is refused (product_capacity_below_sold); a price ' +
          'change needs a reason, kept in the audit log. Members see the change at once; the brand site on its next publish',
        params: idParams,
        body: Type.Object(
          { ...productBody, reason: Type.Optional(multilineText({ maxLength: 500, description: 'Why the price changes' })) },
          { additionalProperties: false },
        ),
        security: bearer,
        response: { 200: envelopeOf(catalogueProductSchema) },
      },
    },
    async (request) => {
      await changeProduct(app.db, operatorOf(request).operatorId, request.params.id, request.body);
      return success(await reread(request.params.id), 'Product saved');
    },
  );
};
