import { RequireLogin } from '../auth/RequireLogin.tsx';
import { defineWidget } from '../core/element.tsx';
import { VerifyScreen } from './VerifyScreen.tsx';

defineWidget('gs-verify', () => (
  <RequireLogin>
    <VerifyScreen />
  </RequireLogin>
));
