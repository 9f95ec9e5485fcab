import { z } from 'zod';
import { pagedSchema, pageQuerySchema } from './common';
import { chatSubjectKindSchema } from './chat';
import { provinceCodeSchema } from './provinces';

/**
 * The seller's quotation pipeline (decision 267): each of the seller's conversations sits in one stage, derived
 * from the conversation's phase (decision 100) and its latest business action.
 */
export const pipelineStages = [
  'new',
  'negotiation',
  'invoiced',
  'accepted',
  'rejected',
  'expired',
  'ordered',
] as const;
export const pipelineStageSchema = z.enum(pipelineStages);
export type PipelineStage = z.infer<typeof pipelineStageSchema>;

/**
 * The moves a seller may make from the board, per stage: only answering a new request (accept → negotiation,
 * reject → rejected). Every other stage changes by what happens in the conversation (an invoice issued, accepted,
 * paid, expired), never by a move.
 */
export const pipelineMoves: Record<PipelineStage, readonly PipelineStage[]> = {
  new: ['negotiation', 'rejected'],
  negotiation: [],
  invoiced: [],
  accepted: [],
  rejected: [],
  expired: [],
  ordered: [],
};

/** A calendar day (YYYY-MM-DD) that exists and that PostgreSQL takes as a date. */
const isoDay = z.iso
  .date({ error: 'errors:PIPELINE_DATE_INVALID' })
  .refine((day) => day >= '1970-01-01', { error: 'errors:PIPELINE_DATE_INVALID' });

export const pipelineQuerySchema = pageQuerySchema.extend({
  stage: pipelineStageSchema.optional(),
  kind: chatSubjectKindSchema.optional(),
  /** The product or service the request is about (with `kind`). */
  subjectId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  /** The delivery province of the request. */
  province: provinceCodeSchema.optional(),
  /** Requests opened on or after / on or before this day (UTC). */
  from: isoDay.optional(),
  to: isoDay.optional(),
  /** Matches the product/service name or the buyer's name. */
  search: z.string().trim().max(100).optional(),
});
export type PipelineQuery = z.input<typeof pipelineQuerySchema>;

export const pipelineCardSchema = z.object({
  chatId: z.string(),
  kind: chatSubjectKindSchema,
  subjectId: z.number().int(),
  subjectName: z.string(),
  subjectNameFr: z.string().nullable(),
  buyerName: z.string(),
  stage: pipelineStageSchema,
  quotationId: z.string().nullable(),
  quantity: z.number().int().nullable(),
  deliveryProvince: provinceCodeSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When the buyer's latest request has had no answer from the seller since (null when answered). */
  awaitingReplySince: z.string().nullable(),
  /** Unanswered for more than 24 hours. */
  overdue: z.boolean(),
});
export type PipelineCard = z.infer<typeof pipelineCardSchema>;

export const pipelineResponseSchema = pagedSchema(pipelineCardSchema).extend({
  /** Conversations per stage under the same filters, whatever `stage` asks for. */
  counts: z.record(pipelineStageSchema, z.number().int().nonnegative()),
});
export type PipelineResponse = z.infer<typeof pipelineResponseSchema>;

export const pipelineMoveParamsSchema = z.object({ chatId: z.uuid() });
export const pipelineMoveRequestSchema = z.object({
  to: pipelineStageSchema,
  reason: z.string().trim().max(1000).optional(),
});
export type PipelineMoveRequest = z.infer<typeof pipelineMoveRequestSchema>;
export const pipelineMoveResponseSchema = z.object({ card: pipelineCardSchema });

/** A storefront's reply time on its public page (decision 268); null when there is too little data. */
export const storefrontResponseTimeSchema = z.object({
  responseTime: z
    .object({
      medianSeconds: z.number().int().nonnegative(),
      requests: z.number().int().positive(),
    })
    .nullable(),
});
export type StorefrontResponseTime = z.infer<typeof storefrontResponseTimeSchema>;
export const storefrontResponseTimeParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
