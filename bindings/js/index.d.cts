// The declarations of the CommonJS entry (`index.cjs`): the same as the ES module's.
export * from "./index.js";
