package dev.weir.pipelines.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.operator.KeyedProcessOperator;
import dev.weir.testing.OperatorHarness;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link HostSilence} driven by hand through engine's operator test harness: packets, watermarks and the end of
 * input in, the exact rows, their timestamps and the late packets out.
 */
class HostSilenceHarnessTest {
    private static final Host A = new Host("10.0.0.1");
    private static final Host B = new Host("10.0.0.2");

    private static OperatorHarness<MetricSample, SilenceRow> harness() {
        return new OperatorHarness<>(() -> new KeyedProcessOperator<>(MetricSample::host, new HostSilence()));
    }

    @Test
    void aHostIsSilentAtItsDeadlineAndResumesWithItsNextPacket() {
        final OperatorHarness<MetricSample, SilenceRow> harness = harness();
        harness.processElement(new MetricSample().packet(A), 1_000);
        harness.processElement(new MetricSample().packet(A), 2_000);
        harness.processElement(new MetricSample().packet(B), 1_500);
        harness.processWatermark(2_500);
        assertEquals(List.of("WM 2500"), harness.events());

        harness.processWatermark(40_000);
        harness.processElement(new MetricSample().packet(A), 50_000);
        harness.processWatermark(60_000);

        assertEquals(List.of(
                "WM 2500",
                "SilenceRow[event=silent, host=10.0.0.2, lastSeen=1500, at=31500]@31500",
                "SilenceRow[event=silent, host=10.0.0.1, lastSeen=2000, at=32000]@32000",
                "WM 40000",
                "SilenceRow[event=resumed, host=10.0.0.1, lastSeen=2000, at=50000]@50000",
                "WM 60000"), harness.events());
    }

    @Test
    void aPacketAtOrBehindTheWatermarkGoesToTheLateOutput() {
        final OperatorHarness<MetricSample, SilenceRow> harness = harness();
        harness.processElement(new MetricSample().packet(A), 1_000);
        harness.processWatermark(5_000);
        final MetricSample late = new MetricSample().packet(B);
        harness.processElement(late, 5_000);

        assertEquals(List.of(late), harness.sideRecords());
        assertEquals(List.of(), harness.records());
    }

    @Test
    void theEndOfInputIsNoSilence() {
        final OperatorHarness<MetricSample, SilenceRow> harness = harness();
        harness.processElement(new MetricSample().packet(A), 1_000);
        harness.processElement(new MetricSample().packet(A), 45_000);
        harness.processWatermark(Long.MAX_VALUE);

        assertEquals(List.of(new SilenceRow("silent", A, 1_000, 31_000), new SilenceRow("resumed", A, 1_000, 45_000)),
                harness.records());
    }
}
