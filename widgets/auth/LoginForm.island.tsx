import { asIsland } from '../screens/island.tsx';
import { LoginForm } from './LoginForm.tsx';

/** On the site, logging in goes on to the product page. */
export default asIsland(() => <LoginForm navigate />);
