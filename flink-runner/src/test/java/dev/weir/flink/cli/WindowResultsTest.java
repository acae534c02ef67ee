package dev.weir.flink.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The rule by which the cluster test compares Flink's output with Weir's ({@link WindowResults}). */
final class WindowResultsTest {
    @Test
    void theWatermarkAndTheOrderOfElementsAndLinesDoNotCount() {
        final List<String> weir = List.of(
                "FIRE key=a window=[0,1000) count=3 sum=6 elements=[10,900,300] wm=1099",
                "FIRE key=b window=[0,1000) count=1 sum=2 elements=[5] wm=1099",
                "LATE key=a ts=20 value=4",
                "# lateDropped=1");
        final List<String> flink = List.of(
                "LATE key=a ts=20 value=4",
                "FIRE key=b window=[0,1000) count=1 sum=2 elements=[5] wm=1001",
                "FIRE key=a window=[0,1000) count=3 sum=6 elements=[300,10,900] wm=1150",
                "# lateDropped=1");

        assertEquals(List.of(
                "# lateDropped=1",
                "FIRE key=a window=[0,1000) count=3 sum=6 elements=[10,300,900]",
                "FIRE key=b window=[0,1000) count=1 sum=2 elements=[5]",
                "LATE key=a ts=20 value=4"), WindowResults.of(weir));
        assertEquals(WindowResults.of(weir), WindowResults.of(flink));
    }

    @Test
    void aRepeatedOrMissingFiringOrADifferentResultCounts() {
        final String fire = "FIRE key=a window=[0,1000) count=2 sum=3 elements=[10,20] wm=999";
        final List<String> once = WindowResults.of(List.of(fire, "# lateDropped=0"));

        assertNotEquals(once, WindowResults.of(List.of(fire, fire, "# lateDropped=0")), "a firing repeated after a restart");
        assertNotEquals(once, WindowResults.of(List.of("# lateDropped=0")), "a firing lost");
        assertNotEquals(once, WindowResults.of(List.of("FIRE key=a window=[0,1000) count=2 sum=4 elements=[10,20] wm=999",
                "# lateDropped=0")), "another sum");
        assertNotEquals(once, WindowResults.of(List.of("FIRE key=a window=[0,1000) count=2 sum=3 elements=[10,21] wm=999",
                "# lateDropped=0")), "another element");
        assertNotEquals(once, WindowResults.of(List.of(fire, "# lateDropped=1")), "another count of late records dropped");
        assertNotEquals(once, WindowResults.of(List.of(fire, "LATE key=a ts=5 value=1", "# lateDropped=0")), "a late record more");
    }
}
