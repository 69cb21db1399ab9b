/**
 * The `reset` layer: a small modern reset. Margins go to zero (designs space things with `gap` and
 * padding; rich text gets its rhythm back from `.prose`), media never overflow, form controls inherit
 * type, `[hidden]` always hides, and motion is cut for readers who ask for less.
 */
export const RESET_CSS = `
*,*::before,*::after{box-sizing:border-box}
*{margin:0}
html{-webkit-text-size-adjust:none;text-size-adjust:none}
body{min-height:100vh;line-height:1.5;-webkit-font-smoothing:antialiased;overflow-x:clip}
img,picture,video,canvas,svg,iframe{display:block;max-width:100%}
img,video{height:auto}
input,button,textarea,select{font:inherit;color:inherit}
button,[role="button"],label[for],select{cursor:pointer}
p,li,h1,h2,h3,h4,h5,h6{overflow-wrap:break-word}
h1,h2,h3,h4,h5,h6{text-wrap:balance}
p{text-wrap:pretty}
textarea:not([rows]){min-height:8em}
table{border-collapse:collapse}
:target{scroll-margin-block:5ex}
[hidden]{display:none!important}
@media (prefers-reduced-motion:reduce){
*,*::before,*::after{animation-duration:.01ms!important;animation-iteration-count:1!important;transition-duration:.01ms!important;scroll-behavior:auto!important}
}
`;
