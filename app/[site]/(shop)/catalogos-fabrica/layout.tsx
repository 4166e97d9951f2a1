/** The same section layout as /catalogos: the two catalogue pages side by side. */
export { default } from '../catalogos/layout';
