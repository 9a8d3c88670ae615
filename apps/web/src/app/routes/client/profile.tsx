import { ChangePasswordCard } from '../../../features/auth/components/change-password-card.tsx';
import { MyProfile } from '../../../features/client-portal/components/my-profile.tsx';
import { NotificationPreferenceCard } from '../../../features/renewals/components/notification-preference.tsx';
import { namespace } from '../../../i18n/i18n.ts';
import profileWords from '../../../i18n/messages/en/profile.json';

const useProfileT = namespace('profile', profileWords);

/**
 * /agency-client/dashboard/profile: My Profile (spec §2), with the renewals feature's e-mail reminder card and
 * the way to change the password (issue 24 item 1).
 */
export function ClientProfileScreen() {
  const t = useProfileT();
  return (
    <MyProfile
      reminders={
        <>
          <NotificationPreferenceCard />
          <ChangePasswordCard
            words={{
              title: t('password.title'),
              text: t('password.text'),
              action: t('password.action'),
            }}
          />
        </>
      }
    />
  );
}
