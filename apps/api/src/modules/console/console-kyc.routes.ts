import { adminEndpoints as api } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { registerEndpoint } from '../../plugins/contract';
import type { ConsoleDeps } from './console-deps';
import { actorOf, iso, pagingOf, tableAnswer } from './console-support';

const KYC_STATUSES_LISTED = ['submitted', 'approved', 'rejected'] as const;

/** Identity checks: the list, a player's documents, and the review (docs/operators.md). */
export function registerConsoleKycRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const { operators, payments } = deps;

  async function kycRows(status: (typeof KYC_STATUSES_LISTED)[number] | undefined) {
    const lists = await Promise.all((status ? [status] : KYC_STATUSES_LISTED).map((one) => payments.kyc.list(one)));
    return lists.flat().sort((a, b) => Number(b.created_at) - Number(a.created_at));
  }

  registerEndpoint(app, api.adminKycList, async ({ body }) => {
    const paging = pagingOf(body);
    const rows = await kycRows(body.status);
    return {
      data: tableAnswer(
        rows.slice(paging.offset, paging.offset + paging.limit).map((row) => ({
          user_name: row.user_name,
          status: row.status,
          legal_name: row.legal_name,
          date_of_birth: row.date_of_birth,
          reason: row.reason,
          submitted_at: iso(row.created_at),
        })),
        rows.length,
        paging,
      ),
    };
  });

  registerEndpoint(app, api.adminKycDocument, async ({ body }) => {
    const document = await payments.kyc.document(body.user_name);
    if (!document) throw new AppError('NOT_FOUND', `${body.user_name} has sent no identity documents`);
    return { data: { content_type: document.contentType, base64: document.bytes.toString('base64') } };
  });

  registerEndpoint(app, api.adminKycReview, async ({ body, request }) => {
    const row = await payments.kyc.review(body.user_name, body.decision, body.reason ?? null);
    await operators.audit.record(actorOf(request), {
      action: `kyc.${body.decision === 'approved' ? 'approve' : 'reject'}`,
      target: `user:${body.user_name}`,
      before: { status: 'submitted' },
      after: { status: row.status, reason: body.reason ?? null },
    });
    return { data: { user_name: body.user_name, status: body.decision } };
  });
}
