import { loadConfig } from "./config/config.ts";
import { startupFailure } from "./config/startup-failure.ts";
import { startPlatform } from "./platform.ts";

/** `npm start`: the whole platform on its embedded defaults, until Ctrl-C. */
async function main() {
  const config = await loadConfig(process.env);
  const platform = await startPlatform(config);
  const { superAdmin } = platform;
  if (superAdmin.created) {
    const password = superAdmin.generatedPassword ?? "(SUPERADMIN_PASSWORD)";
    console.log(`\nFirst superAdmin created: ${superAdmin.email} / ${password}`);
    if (superAdmin.generatedPassword) console.log("This password is shown once: keep it.\n");
  }
  const shown = `http://localhost:${config.PORT}`;
  console.log(`Instant games platform on ${shown} (health: ${shown}/api/health). Ctrl-C stops it.`);

  const shutdown = async (signal: string) => {
    console.log(`\n${signal}: stopping...`);
    try {
      await platform.stop();
      console.log("Stopped cleanly.");
      process.exit(0);
    } catch (error) {
      console.error("Stopped with an error:", error);
      process.exit(1);
    }
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  console.error(startupFailure(error));
  process.exit(1);
});
