package dev.weir.runtime.task;

import com.lmax.disruptor.EventPoller;
import dev.weir.clock.Clock;
import dev.weir.event.StreamEvent;
import dev.weir.event.WatermarkStatus;
import dev.weir.operator.OperatorContext;
import dev.weir.operator.Output;
import dev.weir.operator.TwoInputOperator;
import dev.weir.runtime.Counter;
import dev.weir.runtime.Gauge;
import dev.weir.runtime.PipelineControl;
import dev.weir.runtime.PipelineTask;
import dev.weir.runtime.chain.BarrierAligner;
import dev.weir.runtime.chain.OperatorChain;
import dev.weir.runtime.channel.Channel;
import dev.weir.valve.WatermarkValve;
import org.agrona.concurrent.AgentTerminationException;

/**
 * One instance of a pipeline stage: a {@link PipelineTask} that polls its input channels
 * and runs its fused operator chain. Watermarks and status of every channel pass through the
 * task's valve (docs/semantics.md §2), one over all channels (a keyed or union stage), or one per
 * input of a two-input stage, combined (§7); checkpoint barriers are aligned over all the channels by a
 * {@link BarrierAligner}; processing-time timers fire from the pipeline's clock. When
 * every channel has ended, the chain ends and the task terminates. {@link #doWork()} returns
 * the events handled (plus one for an input whose next event is claimed but not yet readable,
 * and for a fired timer or the end), so the runner's idle strategy backs off only when there
 * was nothing to do.
 * Records the chain emits downstream are published in batches, and at the latest at the end of
 * each {@link #doWork()}.
 * After each batch the task publishes its operators' statistics and counts a duty cycle, so
 * that metrics and {@code RunningPipeline.awaitQuiescent} can watch it from other threads.
 *
 * <p>A task never waits inside its duty cycle (docs/runtime.md, "Back-pressure"): what a full
 * downstream ring cannot take waits in the output's overflow. Each {@link #doWork()} first drains
 * that overflow; while it is not empty the task returns (its work: the events moved) without
 * reading input, firing timers or ending, and it stops a batch as soon as its output is
 * back-pressured, so that the output of one input event never waits behind more input. It
 * ends its chain once, and finishes only after the output has drained.
 */
public final class Task implements PipelineTask, EventPoller.Handler<StreamEvent> {
    private static final int BATCH = 256;

    private final String roleName;
    private final Channel[] inputs;
    private final OperatorChain chain;
    private final WatermarkValve valve;
    private final Clock clock;
    private final PipelineControl control;
    private final boolean[] ended;
    private final ValveProbe valveProbe;
    /** The input (1 or 2) of each channel of a two-input task, or null for a one-input task. */
    private final int[] inputOf;
    /** Each channel's index in its input's valve (a two-input task), or null. */
    private final int[] channelInInput;
    /** The valves of both inputs and their combination (a two-input task), or null. */
    private final TwoInputOperatorInput<Object, Object> twoInput;
    /** The probe of input 2's valve (a two-input task), or null; {@link #valveProbe} is input 1's. */
    private final ValveProbe valveProbe2;
    /** Both inputs' state for metrics (a two-input task), or null. */
    private final TwoInputProbe twoInputProbe;
    private final BarrierAligner aligner;
    private final Counter dutyCycles = new Counter();
    private final Gauge nextTimerGauge = new Gauge(Long.MAX_VALUE);
    private long publishedNextTimer = Long.MAX_VALUE;
    private int endedCount;
    private int channel;
    private int batch;
    /** The chain's end of input ran; the task finishes once its output has drained. */
    private boolean inputEnded;
    // read by monitors on other threads: a finished task may share a thread that still runs
    private volatile boolean finished;

    /**
     * @param roleName the task's name, for threads and diagnostics
     * @param inputs the input channels, one per upstream instance
     * @param chain the operators, opened
     * @param clock processing time
     * @param control the pipeline's shared stop/failure state
     */
    public Task(final String roleName, final Channel[] inputs, final OperatorChain chain, final Clock clock, final PipelineControl control) {
        this(roleName, inputs, chain, clock, control, chain::barrier);
    }

    /**
     * @param roleName the task's name, for threads and diagnostics
     * @param inputs the input channels, one per upstream instance
     * @param chain the operators, opened
     * @param clock processing time
     * @param control the pipeline's shared stop/failure state
     * @param checkpoint snapshots the chain and forwards the barrier once a checkpoint's barriers are aligned
     */
    public Task(final String roleName, final Channel[] inputs, final OperatorChain chain, final Clock clock, final PipelineControl control,
            final BarrierAligner.Handler checkpoint) {
        this(roleName, inputs, null, chain, clock, control, checkpoint);
    }

    /**
     * A task of a two-input stage when {@code inputOf} is given (docs/semantics.md §7): each input
     * merges its channels in its own valve, the chain's head (a {@link dev.weir.runtime.chain.TwoInputChainHead}) gets
     * the combined watermark and each input's records; barriers are aligned over the channels of
     * both inputs, and the chain ends when every channel of both has ended.
     *
     * @param roleName the task's name, for threads and diagnostics
     * @param inputs the input channels, those of input 1 first, then those of input 2
     * @param inputOf the input (1 or 2) of each channel, or null for a one-input task (one valve over every channel)
     * @param chain the operators, opened
     * @param clock processing time
     * @param control the pipeline's shared stop/failure state
     * @param checkpoint snapshots the chain and forwards the barrier once a checkpoint's barriers are aligned, or null for none
     */
    @SuppressWarnings("unchecked")
    public Task(final String roleName, final Channel[] inputs, final int[] inputOf, final OperatorChain chain, final Clock clock,
            final PipelineControl control, final BarrierAligner.Handler checkpoint) {
        this.roleName = roleName;
        this.inputs = inputs.clone();
        this.chain = chain;
        this.clock = clock;
        this.control = control;
        this.ended = new boolean[inputs.length];
        this.aligner = new BarrierAligner(inputs.length, checkpoint != null ? checkpoint : chain::barrier);
        if (inputOf == null) {
            this.inputOf = null;
            this.channelInInput = null;
            this.twoInput = null;
            this.valve = new WatermarkValve(inputs.length, chain);
            this.valveProbe = new ValveProbe(valve, clock);
            this.valveProbe2 = null;
            this.twoInputProbe = null;
            return;
        }
        if (inputOf.length != inputs.length) {
            throw new IllegalArgumentException("task " + roleName + ": " + inputOf.length + " input numbers for " + inputs.length + " channels");
        }
        this.inputOf = inputOf.clone();
        this.channelInInput = new int[inputs.length];
        final int[] count = new int[3];
        for (int i = 0; i < inputOf.length; i++) {
            if (inputOf[i] != 1 && inputOf[i] != 2) {
                throw new IllegalArgumentException("task " + roleName + ": channel " + i + " belongs to input " + inputOf[i]
                        + "; a two-input task has inputs 1 and 2");
            }
            channelInInput[i] = count[inputOf[i]]++;
        }
        this.twoInput = new TwoInputOperatorInput<>(new ChainWatermarks(chain), count[1], count[2]);
        this.valve = twoInput.valve(1);
        this.valveProbe = new ValveProbe(valve, clock);
        this.valveProbe2 = new ValveProbe(twoInput.valve(2), clock);
        this.twoInputProbe = new TwoInputProbe(twoInput);
    }

    @Override
    public int doWork() throws Exception {
        if (finished || control.isStopping()) {
            throw new AgentTerminationException();
        }
        if (!chain.drainOutput()) {
            // no operator ran, and no duty cycle counted: awaitQuiescent must not take a task
            // that still holds output back for one that caught up
            return chain.drainedEvents();
        }
        int work = chain.drainedEvents();
        for (int i = 0; i < inputs.length && !chain.outputBackPressured(); i++) {
            if (!ended[i] && !aligner.isBlocked(i)) {
                channel = i;
                batch = 0;
                work += pollWork(inputs[i].poll(this));
            }
        }
        if (!chain.outputBackPressured()) {
            if (fireDueTimers()) {
                work++;
            }
            if (endedCount == inputs.length && !inputEnded) {
                chain.endInput();
                inputEnded = true;
                work++;
            }
        }
        // what this cycle emitted must not wait for a batch to fill while the task idles
        chain.flush();
        if (inputEnded && !chain.outputBackPressured()) {
            finished = true;
        }
        if (work > 0) {
            chain.publishMetrics();
            publishNextTimer();
        }
        dutyCycles.increment();
        return work;
    }

    @Override
    public void onStart() {
        // timers restored from a checkpoint are known before the first input
        publishNextTimer();
    }

    /** Publishes when the chain's next processing-time timer is due, for {@link #publishedNextTimerMillis()}. */
    private void publishNextTimer() {
        final long next = finished ? Long.MAX_VALUE : chain.nextProcessingTime();
        if (next != publishedNextTimer) {
            publishedNextTimer = next;
            nextTimerGauge.set(next);
        }
    }

    /**
     * @return when the chain's next processing-time timer is due, as the task's thread last
     *     published it (after a duty cycle that did work); {@link Long#MAX_VALUE} if none. Any
     *     thread; the threaded scheduler's {@code RunningPipeline.advanceTo} steps the virtual clock to it.
     */
    public long publishedNextTimerMillis() {
        return nextTimerGauge.get();
    }

    @Override
    public long nextDueMillis() {
        return finished ? Long.MAX_VALUE : chain.nextProcessingTime();
    }

    /**
     * Fires the processing-time timers that are due by now; reads the clock only while a timer is
     * pending.
     *
     * @return true if any timer was due
     */
    private boolean fireDueTimers() {
        final long nextTimer = chain.nextProcessingTime();
        if (nextTimer == Long.MAX_VALUE) {
            return false;
        }
        final long now = clock.millis();
        if (now < nextTimer) {
            return false;
        }
        chain.advanceProcessingTime(now);
        return true;
    }

    /**
     * What one channel's poll counts for in {@link #doWork()}'s result, which decides whether the
     * runner's idle strategy backs off. PROCESSING: the events handled (the handler may have
     * stopped early, at {@value #BATCH} events, an end or a barrier; then more are waiting and
     * the next cycle takes them). GATING: the producer has claimed slots the poller cannot read
     * yet, so an event is a few instructions away: that counts as work, because backing off
     * now (parking up to 100 µs with BACKOFF) would add the pause to that event's latency.
     * IDLE: nothing published beyond what was consumed; records a producer has written but
     * not yet flushed are invisible here, and it flushes when its unit of work ends.
     *
     * <p>The runtime's channels are single-producer rings, whose claims stay in the producer
     * until it publishes: their poll says IDLE, never GATING, for such slots. A ring that shows
     * claims (multi-producer) gets GATING, and the task then keeps polling instead of idling.
     */
    private int pollWork(final EventPoller.PollState state) {
        switch (state) {
            case PROCESSING:
                return batch;
            case GATING:
                return 1;
            case IDLE:
            default:
                return 0;
        }
    }

    @Override
    public boolean onEvent(final StreamEvent event, final long sequence, final boolean endOfBatch) {
        batch++;
        switch (event.kind()) {
            case RECORD:
                final Object key = event.key();
                if (twoInputProbe != null) {
                    twoInputProbe.recordIn(inputOf[channel]);
                }
                if (inputOf != null && inputOf[channel] == 2) {
                    chain.record2(event.value(), event.timestamp(), key, event.keyGroup());
                } else if (key == null) {
                    chain.record(event.value(), event.timestamp());
                } else {
                    chain.keyedRecord(event.value(), event.timestamp(), key, event.keyGroup());
                }
                event.release();
                break;
            case WATERMARK:
                // A timer already due fires before the watermark, as on a scenario's deterministic
                // run (right after the row): a watermark that cleans a window up (MAX at the
                // end of input) must not drop a window whose processing-time firing was due.
                fireDueTimers();
                if (twoInput == null) {
                    valve.inputWatermark(event.timestamp(), channel);
                    valveProbe.update();
                } else {
                    twoInput.watermark(inputOf[channel], channelInInput[channel], event.timestamp());
                    probeOf(channel).update();
                    twoInputProbe.update();
                }
                break;
            case STATUS:
                fireDueTimers();
                if (twoInput == null) {
                    valve.inputStatus(event.watermarkStatus(), channel);
                    valveProbe.update();
                } else {
                    twoInput.status(inputOf[channel], channelInInput[channel], event.watermarkStatus());
                    probeOf(channel).update();
                    twoInputProbe.update();
                }
                break;
            case END:
                ended[channel] = true;
                endedCount++;
                aligner.channelEnded(channel);
                return false;
            case BARRIER:
                // the records behind the barrier wait until it arrived on every channel
                aligner.barrier(channel, event.timestamp());
                return false;
            default:
                break;
        }
        // an event whose output overflowed ends the batch: more input would only queue behind it
        return batch < BATCH && !chain.outputBackPressured();
    }

    @Override
    public void onClose() {
        chain.publishMetrics();
        chain.close();
    }

    @Override
    public String roleName() {
        return roleName;
    }

    /** @return true once the chain has ended and its output has drained; any thread */
    public boolean isFinished() {
        return finished;
    }

    /** @return records taken from the input channels; any thread */
    public long recordsIn() {
        return chain.recordsIn();
    }

    /** @return completed {@link #doWork()} calls that polled the inputs (not those that found the output still back-pressured); any thread */
    public long dutyCycles() {
        return dutyCycles.get();
    }

    ValveProbe valveProbe() {
        return valveProbe;
    }

    /** @return the probe of the valve a channel belongs to */
    private ValveProbe probeOf(final int channel) {
        return inputOf == null || inputOf[channel] == 1 ? valveProbe : valveProbe2;
    }

    /**
     * @param input 1 or 2 (a two-input task), or 1 for a one-input task's one valve
     * @return the probe of that input's valve
     */
    ValveProbe valveProbe(final int input) {
        return input == 2 ? valveProbe2 : valveProbe;
    }

    /**
     * @param channel an input channel
     * @return its input, 1 or 2, in a two-input task; 0 in a one-input task
     */
    public int inputOf(final int channel) {
        return inputOf == null ? 0 : inputOf[channel];
    }

    /**
     * @param channel an input channel
     * @return its index in its input's valve (its own index in a one-input task)
     */
    public int channelInInput(final int channel) {
        return channelInInput == null ? channel : channelInInput[channel];
    }

    /** @return the probe of both inputs (a two-input task), or null */
    TwoInputProbe twoInputProbe() {
        return twoInputProbe;
    }

    /** @return the valves of both inputs and their combination, or null for a one-input task; the task's thread only */
    public TwoInputOperatorInput<Object, Object> twoInput() {
        return twoInput;
    }

    /**
     * Hands the combined watermark and status of a two-input task's inputs to its chain, whose
     * head is the two-input operator; records go to the chain from the task directly.
     */
    private static final class ChainWatermarks implements TwoInputOperator<Object, Object, Object> {
        private final OperatorChain chain;

        ChainWatermarks(final OperatorChain chain) {
            this.chain = chain;
        }

        @Override
        public void open(final OperatorContext context, final Output<Object> output) {
        }

        @Override
        public void processRecord1(final Object value, final long timestamp) {
            chain.record(value, timestamp);
        }

        @Override
        public void processRecord2(final Object value, final long timestamp) {
            chain.record2(value, timestamp, null, -1);
        }

        @Override
        public void processWatermark(final long watermark) {
            chain.watermark(watermark);
        }

        @Override
        public void processStatus(final WatermarkStatus status) {
            chain.status(status);
        }

        @Override
        public void advanceProcessingTime(final long nowMillis) {
            chain.advanceProcessingTime(nowMillis);
        }

        @Override
        public long nextProcessingTime() {
            return chain.nextProcessingTime();
        }
    }

    /** @return the task's valve, for metrics */
    public WatermarkValve valve() {
        return valve;
    }

    /** @return the task's operators */
    public OperatorChain chain() {
        return chain;
    }

    /** @return the input channels */
    public Channel[] inputs() {
        return inputs.clone();
    }
}
