import { ContactForm } from './ContactForm.tsx';
import { EditUserForm } from './EditUserForm.tsx';

/** The edit-user screen: the password and referrer, then the verified phone and e-mail. */
export function AccountSettings() {
  return (
    <>
      <EditUserForm />
      <ContactForm />
    </>
  );
}
