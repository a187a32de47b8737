import { asIsland } from '../screens/island.tsx';
import { RegisterForm } from './RegisterForm.tsx';

/** On the site, registering goes on to the product page after the success notice. */
export default asIsland(() => <RegisterForm navigate />);
