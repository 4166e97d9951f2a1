/**
 * `npm run fake:payments`: the local fake of ifthenpay's API (tests/helpers/fake-ifthenpay.ts)
 * for a developer's shop, so Multibanco and MB WAY can be tried without an ifthenpay account.
 *
 *   1. npm run fake:payments                (prints the variables to put in .env, then waits)
 *   2. npm run dev (or npm start) with those variables; place an order paid by Multibanco or MB WAY
 *   3. type `pay EN-2026-000001` here: the fake marks it paid and sends ifthenpay's callback to
 *      the shop (SITE_URL, default http://localhost:3000), which confirms the order.
 *
 * Other commands: `list` (what the fake issued), `callback EN-… amount=1.00` (a callback with
 * changed parameters, e.g. a wrong amount or key), `down` / `up` (the API answers 503 or not), `quit`.
 * FAKE_PAYMENTS_PORT (default 3950) chooses the port. The keys are fixed and public: a fake only.
 */
import readline from 'node:readline';
import { startFakeIfthenpay } from '../tests/helpers/fake-ifthenpay';

async function main(): Promise<void> {
  const port = Number(process.env.FAKE_PAYMENTS_PORT ?? 3950);
  const shop = (process.env.SITE_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, '');
  const fake = await startFakeIfthenpay({ port, mbKey: 'FAKE-MB-0001', mbwayKey: 'FAKE-MBW-0001', antiPhishingKey: 'fake-anti-phishing-key-local-only' });
  console.log(`Fake ifthenpay em ${fake.url} (callbacks para ${shop}). Ponha no .env da loja:\n`);
  for (const [name, value] of Object.entries(fake.env())) console.log(`${name}=${value}`);
  console.log('\nComandos: list | pay <EN-…> | callback <EN-…> [param=valor …] | down | up | quit');

  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, prompt: '> ' });
  rl.prompt();
  rl.on('line', (line) => {
    void (async () => {
      const [command, orderNumber, ...rest] = line.trim().split(/\s+/);
      try {
        if (command === 'list') {
          for (const p of fake.payments.values()) {
            console.log(`${p.orderId}  ${p.kind}  ${p.amount} €  ${p.kind === 'multibanco' ? `entidade ${p.entity} ref. ${p.reference}` : p.mobileNumber}  ${p.paid ? 'pago' : 'por pagar'}  (${p.requestId})`);
          }
        } else if ((command === 'pay' || command === 'callback') && orderNumber) {
          const p = fake.paymentFor(orderNumber);
          if (!p) console.log(`Nada emitido para ${orderNumber}.`);
          else {
            if (command === 'pay') fake.pay(p.requestId);
            const overrides = Object.fromEntries(rest.map((kv) => kv.split('=') as [string, string]).map(([k, v]) => [k, v === undefined || v === '' ? null : v]));
            const answer = await fake.sendCallback(shop, p.requestId, overrides);
            console.log(`Callback → HTTP ${answer.status}: ${answer.body}`);
          }
        } else if (command === 'down' || command === 'up') {
          fake.mode = command;
          console.log(command === 'down' ? 'A API responde 503.' : 'A API responde.');
        } else if (command === 'quit' || command === 'exit') {
          await fake.close();
          rl.close();
          return;
        } else if (command) console.log('Comandos: list | pay <EN-…> | callback <EN-…> [param=valor …] | down | up | quit');
      } catch (err) {
        console.error(err instanceof Error ? err.message : err);
      }
      rl.prompt();
    })();
  });
  rl.on('close', () => void fake.close().then(() => process.exit(0)));
}

void main();
