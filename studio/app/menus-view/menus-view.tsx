import { inMain } from '../shell/in-main.tsx';
import { MenusView } from './index.tsx';

export default inMain(MenusView);
