//! A local pool: J workers on threads, fed from one queue, answers streamed back.

use std::string::String;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;
use std::vec::Vec;

use super::{AnalyseError, Analysed, EngineSpec, Job, Worker};
use crate::variant::Variant;

/// J [`Worker`]s, each on its own thread with its own engine, taking [`Job`]s from one
/// queue in the order submitted and sending back each [`Analysed`] as it is done (in the
/// order finished, not submitted).
///
/// [`stop`](Pool::stop) (or dropping the pool) lets each worker finish the position it is
/// on, then quits the engines; jobs still queued are dropped.
pub struct Pool {
    jobs: Option<Sender<Job>>,
    results: Receiver<Analysed>,
    threads: Vec<JoinHandle<()>>,
    stop: Arc<AtomicBool>,
    restarts: Arc<AtomicU32>,
    name: String,
    variants: Vec<String>,
}

impl Pool {
    /// Starts `engines` workers (at least one), the engines started at once. The first
    /// engine that cannot be started or configured makes this an error, and the others
    /// are stopped.
    pub fn start(spec: &EngineSpec, engines: usize) -> Result<Pool, AnalyseError> {
        let (job_tx, job_rx) = mpsc::channel::<Job>();
        let job_rx = Arc::new(Mutex::new(job_rx));
        let (result_tx, results) = mpsc::channel();
        let (ready_tx, ready_rx) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let restarts = Arc::new(AtomicU32::new(0));
        let mut threads = Vec::new();
        for _ in 0..engines.max(1) {
            let spec = spec.clone();
            let (job_rx, result_tx, ready_tx) =
                (job_rx.clone(), result_tx.clone(), ready_tx.clone());
            let (stop, restarts) = (stop.clone(), restarts.clone());
            threads.push(std::thread::spawn(move || {
                let mut worker = match Worker::start(&spec) {
                    Ok(worker) => {
                        let _ = ready_tx.send(Ok((
                            String::from(worker.engine_name()),
                            worker.variants().to_vec(),
                        )));
                        worker
                    }
                    Err(e) => {
                        let _ = ready_tx.send(Err(e));
                        return;
                    }
                };
                drop(ready_tx);
                work(&mut worker, &job_rx, &result_tx, &stop, &restarts);
                worker.quit();
            }));
        }
        drop((result_tx, ready_tx));
        let mut pool = Pool {
            jobs: Some(job_tx),
            results,
            threads,
            stop,
            restarts,
            name: String::new(),
            variants: Vec::new(),
        };
        for _ in 0..engines.max(1) {
            match ready_rx.recv() {
                Ok(Ok((name, variants))) => {
                    pool.name = name;
                    pool.variants = variants;
                }
                Ok(Err(e)) => return Err(e),
                Err(_) => {
                    return Err(AnalyseError::Refused(
                        "an engine worker ended before its engine started".into(),
                    ));
                }
            }
        }
        Ok(pool)
    }

    /// The engines' `id name`.
    pub fn engine_name(&self) -> &str {
        &self.name
    }

    /// Whether the engines play `variant` ([`Worker::supports`]).
    pub fn supports(&self, variant: Variant) -> bool {
        super::worker::plays(&self.variants, variant)
    }

    /// Queues a job (ignored once the pool is closed or stopped).
    pub fn submit(&self, job: Job) {
        if let Some(jobs) = &self.jobs {
            let _ = jobs.send(job);
        }
    }

    /// No more jobs: the workers end when the queue is empty, and [`recv`](Pool::recv)
    /// then returns `None`.
    pub fn close(&mut self) {
        self.jobs = None;
    }

    /// The next answer; `None` when the pool is closed (or stopped) and every worker has
    /// ended.
    pub fn recv(&self) -> Option<Analysed> {
        self.results.recv().ok()
    }

    /// The next answer within `timeout`: `Err(Timeout)` if none came, `Err(Disconnected)`
    /// when every worker has ended.
    pub fn recv_timeout(&self, timeout: Duration) -> Result<Analysed, RecvTimeoutError> {
        self.results.recv_timeout(timeout)
    }

    /// How many times engines were started again after failing.
    pub fn restarts(&self) -> u32 {
        self.restarts.load(Ordering::Relaxed)
    }

    /// Stops: no worker takes another job; each finishes the one it is on (its answer can
    /// still be received) and quits its engine. Queued jobs are dropped.
    pub fn stop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        self.jobs = None;
    }

    /// Stops and waits for every worker to end.
    pub fn join(mut self) {
        self.stop();
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.stop();
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

/// A worker's loop: take a job, analyse it, send the answer, until the queue closes or the
/// pool stops.
fn work(
    worker: &mut Worker,
    jobs: &Mutex<Receiver<Job>>,
    results: &Sender<Analysed>,
    stop: &AtomicBool,
    restarts: &AtomicU32,
) {
    loop {
        if stop.load(Ordering::SeqCst) {
            return;
        }
        let job = jobs.lock().unwrap_or_else(|p| p.into_inner()).recv();
        let Ok(job) = job else { return };
        if stop.load(Ordering::SeqCst) {
            return;
        }
        let before = worker.restarts();
        let answer = worker.analyse(&job);
        restarts.fetch_add(worker.restarts() - before, Ordering::Relaxed);
        if results.send(answer).is_err() {
            return;
        }
    }
}
