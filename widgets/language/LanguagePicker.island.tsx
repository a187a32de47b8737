import { asIsland } from '../core/island.tsx';
import { LanguagePicker } from './LanguagePicker.tsx';

export default asIsland(LanguagePicker);
