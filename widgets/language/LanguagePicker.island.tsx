import { asIsland } from '../screens/island.tsx';
import { LanguagePicker } from './LanguagePicker.tsx';

export default asIsland(LanguagePicker);
