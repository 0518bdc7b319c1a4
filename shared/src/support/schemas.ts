import { z } from 'zod';
import { isValidEmail } from '../account/rules';

/** Support (spec 002 §2.9, §3 "Support request", §5, §8, §9): the "How can we help?" form. */
export const supportApi = {
  /** POST: either request shape of spec 002 §3. */
  send: '/api/user/support_msg/',
  /** POST {page, page_size, handled?}: the requests, newest first (admins). Path not in the spec. */
  list: '/api/manage/get_support_requests',
  /** POST {id, handled}. Path not in the spec. */
  markHandled: '/api/manage/mark_support_handled',
  /** GET, public: the support address the contact page shows (the gateway's SUPPORT_EMAIL). Not in the spec. */
  contact: '/api/support/contact',
} as const;

export const supportTopics = ['New User', 'Profile Issues', 'Wrong Data', 'Other'] as const;

/** Spec 002 §5 and §9. */
export const supportLimits = {
  name: 100,
  email: 100,
  phone: 40,
  company: 100,
  message: 60000,
  topic: 100,
} as const;

export const supportMessages = {
  invalidEmail: 'Please enter a valid email',
  sent: 'We are on it. Our team would get back to you asap.',
  failed: 'Your message could not be sent. Please try again.',
  tooMany: (minutes: number) =>
    `You have sent several requests in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
} as const;

/** The form's one check (spec 002 §5): the e-mail after trimming. */
export function supportEmailProblem(email: string): string | null {
  return isValidEmail(email.trim()) ? null : supportMessages.invalidEmail;
}

const text = (label: string, max: number) =>
  z
    .string()
    .max(max, { error: supportMessages.tooLong(label, max) })
    .optional();

/** The newer shape: name, email, phone, company, topic, message. */
const newShape = z.object({
  name: text('Full Name', supportLimits.name),
  email: z.string({ error: supportMessages.invalidEmail }),
  phone: text('Phone Number', supportLimits.phone),
  company: text('Company', supportLimits.company),
  topic: text('Support Topic', supportLimits.topic),
  message: text('Message', supportLimits.message),
});
/** The older shape: name, mail, phone, company, text, reason; each 'empty' when not given. */
const oldShape = z.object({
  name: text('Full Name', supportLimits.name),
  mail: z.string({ error: supportMessages.invalidEmail }),
  phone: text('Phone Number', supportLimits.phone),
  company: text('Company', supportLimits.company),
  reason: text('Support Topic', supportLimits.topic),
  text: text('Message', supportLimits.message),
});

export interface SupportRequestInput {
  name: string;
  email: string;
  phone: string;
  company: string;
  topic: string;
  message: string;
}

/** Both shapes, read as one request. The e-mail is trimmed and checked; empty fields read 'empty'. */
export const supportBodySchema = z
  .union([newShape, oldShape])
  .transform((body): SupportRequestInput => {
    const or = (value: string | undefined) =>
      value === undefined || value.trim() === '' ? 'empty' : value.trim();
    return 'mail' in body
      ? {
          name: or(body.name),
          email: body.mail.trim(),
          phone: or(body.phone),
          company: or(body.company),
          topic: or(body.reason),
          message: or(body.text),
        }
      : {
          name: or(body.name),
          email: body.email.trim(),
          phone: or(body.phone),
          company: or(body.company),
          topic: or(body.topic),
          message: or(body.message),
        };
  })
  .superRefine((request, ctx) => {
    if (supportEmailProblem(request.email))
      ctx.addIssue({ code: 'custom', message: supportMessages.invalidEmail, path: ['email'] });
    if (request.email.length > supportLimits.email)
      ctx.addIssue({
        code: 'custom',
        message: supportMessages.tooLong('Email', supportLimits.email),
        path: ['email'],
      });
  });

export const supportContactSchema = z.object({ email: z.string() });

export const supportSentSchema = z.object({ status: z.literal(true), msg: z.string(), id: z.number().int() });

export const supportRequestSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  company: z.string(),
  topic: z.string(),
  message: z.string(),
  user_id: z.number().int().nullable(),
  created_at: z.string(),
  handled_at: z.string().nullable(),
  handled_by: z.string().nullable(),
});
export type SupportRequest = z.infer<typeof supportRequestSchema>;

export const supportListBodySchema = z.object({
  page: z.number().int().min(1).default(1),
  page_size: z.number().int().min(1).max(100).default(25),
  handled: z.boolean().optional(),
});
export const supportPageSchema = z.object({
  data: z.array(supportRequestSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type SupportPage = z.infer<typeof supportPageSchema>;
export const markHandledBodySchema = z.object({
  id: z.number().int().positive(),
  handled: z.boolean().default(true),
});
