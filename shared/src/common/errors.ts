import { z } from 'zod';

/** The body of every non-2xx answer of the gateway. `field` names the input at fault on a 400. */
export const errorBodySchema = z.object({
  status: z.literal(false),
  msg: z.string(),
  field: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The body of a plain acknowledgement: `data.status`, with `msg` for the user when there is one. */
export const statusBodySchema = z.object({ status: z.boolean(), msg: z.string().optional() });
export type StatusBody = z.infer<typeof statusBodySchema>;
