import { ContactForm, contactFormMessageKeys } from './ContactForm.tsx';
import { EditUserForm, editUserFormMessageKeys } from './EditUserForm.tsx';

export const accountSettingsMessageKeys = [...editUserFormMessageKeys, ...contactFormMessageKeys] as const;

/** The edit-user screen: the password and referrer, then the verified phone and e-mail. */
export function AccountSettings() {
  return (
    <>
      <EditUserForm />
      <ContactForm />
    </>
  );
}
