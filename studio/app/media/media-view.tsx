import { inMain } from '../shell/in-main.tsx';
import { MediaView } from './index.tsx';

export default inMain(MediaView);
