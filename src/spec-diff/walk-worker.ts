/** The worker thread of walk-thread.ts: walk its part of the comparison and post the hits (walk-split.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import { type WalkPartRequest, walkWorkerPart } from './walk-split.js';

const encoded = await walkWorkerPart(workerData as WalkPartRequest);
parentPort!.postMessage(encoded, [encoded.numbers.buffer as ArrayBuffer]);
