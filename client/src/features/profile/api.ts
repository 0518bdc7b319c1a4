import { accountApi, statusBodySchema, type StatusBody } from '@insight/shared';
import { api } from '../../api/request';

/** My profile's calls (spec 000 §7). */
export const profileApi = {
  changeNickname(nickname: string): Promise<StatusBody> {
    return api.post(accountApi.changeNickname, { nickname: nickname.trim() }, { schema: statusBodySchema });
  },

  changePassword(currentPassword: string, newPassword: string): Promise<StatusBody> {
    return api.post(
      accountApi.changePassDirect,
      { passData: { current_pass: currentPassword, new_pass: newPassword } },
      { schema: statusBodySchema },
    );
  },
};
