import { defineConfig } from 'verso/components';
import { brewRatio } from './components/brew-ratio.tsx';

/** The demo site's project: its code components (docs/components.md). */
export default defineConfig({ components: [brewRatio] });
