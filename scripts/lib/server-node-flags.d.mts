/** The V8 flags the server runs with (see server-node-flags.mjs). */
export declare const SERVER_NODE_FLAGS: string[];
