import { defineConfig } from "vite";

export default defineConfig({
  base: "./",
  build: { outDir: "out", chunkSizeWarningLimit: 4096 },
  test: { environment: "node", include: ["test/**/*.test.js"] },
});
