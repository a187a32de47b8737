import { RequireLogin } from '../auth/RequireLogin.tsx';
import { screen } from '../screens/screen.tsx';
import { AddMachineScreen } from './AddMachineScreen.tsx';

/** On the site, a bound machine goes back to /dig; in a partner's page the success message says the machine is bound. */
export default screen(AddMachineScreen, { guard: RequireLogin, onSite: { navigate: true } });
