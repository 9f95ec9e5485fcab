import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ChangePasswordForm, ProfileScreen } from '../../features/accounts/components/profile-screen';
import { useChangePassword } from '../../features/auth/api/change-password';
import { useLogout } from '../../features/auth/api/logout';
import { useEmailVerificationLink } from '../../features/auth/api/email-verification-link';

/** /profile (logged-in only): the accounts feature's screen, with logout and change-password from auth. */
export default function ProfilePage() {
  const { t } = useTranslation('accounts');
  useDocumentTitle(t('profile.title'));
  const logout = useLogout();
  const changePassword = useChangePassword();
  const verificationLink = useEmailVerificationLink();
  return (
    <ProfileScreen
      sendVerificationLink={verificationLink.mutateAsync}
      logoutButton={
        <Button variant="secondary" loading={logout.isPending} onClick={() => logout.mutate()}>
          {t('logout')}
        </Button>
      }
      changePassword={
        <ChangePasswordForm
          onSubmit={changePassword.mutateAsync}
          pending={changePassword.isPending}
          error={changePassword.error}
        />
      }
    />
  );
}
