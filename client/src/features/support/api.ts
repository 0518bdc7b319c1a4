import {
  supportApi,
  supportContactSchema,
  supportSentSchema,
  type SupportRequestInput,
} from '@insight/shared';
import { api } from '../../api/request';

/** The support call of spec 002 §7.2, in its newer shape. */
export const supportCalls = {
  send: (request: SupportRequestInput) =>
    api.post(supportApi.send, request, { schema: supportSentSchema, autoLogin: false }),
  /** The address the page shows: the gateway's configured SUPPORT_EMAIL. */
  contact: () => api.get(supportApi.contact, undefined, { schema: supportContactSchema, autoLogin: false }),
};
