import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { operatorOf } from '../auth/operator.guard.ts';
import { success } from '../http/envelope.ts';
import { pageField, pageOffset, paginate, paginatedOf, perPageDefault } from '../http/paging.ts';
import { envelopeOf } from '../http/schemas.ts';
import { reviewReasonBody, submissionSchema } from './verification.schemas.ts';
import { reviewVerification, uploadPath, countByVerificationStatus, listByVerificationStatus } from './verification.service.ts';

const bearer = [{ bearer: [] }];
const tags = ['operators'];
const statuses = ['pending', 'approved', 'rejected'] as const;
const userParams = Type.Object({ user_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

/** The operators' review queue for identity verification. */
export const verificationAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/v1/verifications',
    {
      schema: {
        tags,
        summary: 'Verification submissions, oldest first, with their photo paths',
        querystring: Type.Object({ status: Type.Optional(Type.Union(statuses.map((status) => Type.Literal(status)))), page: pageField }),
        security: bearer,
        response: { 200: envelopeOf(paginatedOf(submissionSchema)) },
      },
    },
    async (request) => {
      const { status = 'pending', page = 1 } = request.query;
      const [total, rows] = await Promise.all([
        countByVerificationStatus(app.db, status),
        listByVerificationStatus(app.db, status, pageOffset(page), perPageDefault),
      ]);
      const photo = (id: string | null) => (id === null ? null : uploadPath(id));
      const items = rows.map((user) => ({
        user_id: user.id,
        username: user.username,
        realname: user.realname,
        email: user.email,
        phone: user.phone,
        countries_id: user.countries_id,
        certificates_id: user.certificates_id,
        certificate_number: user.certificate_number,
        verification_status: user.verification_status,
        verification_reason: user.verification_reason,
        submitted_at: user.verification_submitted_at === null ? null : new Date(user.verification_submitted_at).toISOString(),
        photos: {
          front: photo(user.certificate_front_id),
          back: photo(user.certificate_back_id),
          handle: photo(user.certificate_handle_id),
        },
      }));
      return success(paginate(request, page, total, items));
    },
  );

  app.post(
    '/admin/v1/verifications/:user_id/approve',
    { schema: { tags, summary: 'Approve a pending verification (409 if it is not pending)', params: userParams, security: bearer } },
    async (request) => {
      await reviewVerification(app.db, operatorOf(request).operatorId, request.params.user_id, { approve: true });
      return success(null, 'Verification approved');
    },
  );

  app.post(
    '/admin/v1/verifications/:user_id/reject',
    {
      schema: {
        tags,
        summary: 'Reject a pending verification with a reason the member sees',
        params: userParams,
        body: reviewReasonBody,
        security: bearer,
      },
    },
    async (request) => {
      const { reason } = request.body;
      await reviewVerification(app.db, operatorOf(request).operatorId, request.params.user_id, {
        approve: false,
        reason,
      });
      return success(null, 'Verification rejected');
    },
  );
};
