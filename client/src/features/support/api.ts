import { supportApi, supportSentSchema, type SupportRequestInput } from '@insight/shared';
import { api } from '../../api/request';

/** The support call of spec 002 §7.2, in its newer shape. */
export const supportCalls = {
  send: (request: SupportRequestInput) =>
    api.post(supportApi.send, request, { schema: supportSentSchema, autoLogin: false }),
};
