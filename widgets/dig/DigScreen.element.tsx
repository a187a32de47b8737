import { RequireLogin } from '../auth/RequireLogin.tsx';
import { defineWidget } from '../screens/element.tsx';
import { DigScreen } from './DigScreen.tsx';

defineWidget('gs-dig', () => (
  <RequireLogin>
    <DigScreen />
  </RequireLogin>
));
