import { inMain } from '../shell/in-main.tsx';
import { SettingsView } from './index.tsx';

export default inMain(SettingsView);
