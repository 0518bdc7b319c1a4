import {
  apiPath,
  jobCancelResponseSchema,
  jobListResponseSchema,
  jobRerunResponseSchema,
  jobResponseSchema,
  jobsApi,
} from '@insight/shared';
import { api } from '../../api/request';

/** The owner's job calls (issue 18 item 1), typed by the shared contract. */
export const jobCalls = {
  list(signal?: AbortSignal) {
    return api.get(jobsApi.list, undefined, { schema: jobListResponseSchema, signal });
  },
  get(id: string, signal?: AbortSignal) {
    return api.get(apiPath(jobsApi.get, { id }), undefined, { schema: jobResponseSchema, signal });
  },
  cancel(id: string) {
    return api.post(apiPath(jobsApi.cancel, { id }), undefined, { schema: jobCancelResponseSchema });
  },
  rerun(id: string) {
    return api.post(apiPath(jobsApi.rerun, { id }), undefined, { schema: jobRerunResponseSchema });
  },
};
