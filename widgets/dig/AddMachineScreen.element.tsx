import { RequireLogin } from '../auth/RequireLogin.tsx';
import { defineWidget } from '../screens/element.tsx';
import { AddMachineScreen } from './AddMachineScreen.tsx';

// In a partner's page the widget stays where it is: the success message says the machine is bound.
defineWidget('gs-add-machine', () => (
  <RequireLogin>
    <AddMachineScreen />
  </RequireLogin>
));
