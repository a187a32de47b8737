import { RequireLogin } from '../auth/RequireLogin.tsx';
import { defineWidget } from '../screens/element.tsx';
import { VerifyScreen } from './VerifyScreen.tsx';

defineWidget('gs-verify', () => (
  <RequireLogin>
    <VerifyScreen />
  </RequireLogin>
));
