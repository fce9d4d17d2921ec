import { domAnimation } from "motion/react";

/* Loaded after the first paint (see LazyMotion in root.tsx), keeping the animation engine out of the initial bundle. */
export default domAnimation;
