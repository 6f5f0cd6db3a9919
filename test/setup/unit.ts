// Unit tests never touch a real database or network; pin the environment to the embedded defaults.
(process.env as Record<string, string>).NODE_ENV = 'test';
