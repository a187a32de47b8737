import readline from 'node:readline';

/** Asks for a secret on the terminal without echoing it; refuses when there is no terminal to ask. */
export async function readSecret(prompt: string, variable = 'OPERATOR_PASSWORD'): Promise<string> {
  if (!process.stdin.isTTY) throw new Error(`No terminal to ask for the secret: set ${variable}`);
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const write = (rl as unknown as { _writeToOutput: (text: string) => void })._writeToOutput.bind(rl);
  // Show the prompt, hide what is typed.
  (rl as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = (text) => {
    if (text.startsWith(prompt)) write(prompt);
  };
  try {
    return await new Promise<string>((resolve) => rl.question(prompt, resolve));
  } finally {
    rl.close();
    process.stdout.write('\n');
  }
}
