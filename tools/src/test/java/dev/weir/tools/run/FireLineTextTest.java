package dev.weir.tools.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.jobs.run.RunFormat;
import dev.weir.jobs.run.RunLinePrinter;
import org.junit.jupiter.api.Test;

/**
 * Another engine's canonical lines ({@code --engine flink}) print in every format as Weir's own do: the fields are
 * found from the end of the line, so a key holding the text of another field reads right.
 */
class FireLineTextTest {
    @Test
    void aFireLineReadsBackIntoEveryFormat() {
        final String line = "FIRE key=a window=b window=[0,5000) count=2 sum=381 elements=[1000,4200] wm=5099";
        assertEquals("FIRE key=a window=b window=[0,5000) count=2 sum=381", new RunLinePrinter(RunFormat.LINES).fire(FireLineText.fire(line)));
        assertEquals("FIRE,a window=b,0,5000,2,381,,", new RunLinePrinter(RunFormat.CSV).fire(FireLineText.fire(line)));
        assertEquals("{\"result\":\"FIRE\",\"key\":\"global\",\"window_start\":-9223372036854775808,\"window_end\":9223372036854775807,"
                + "\"count\":1,\"sum\":99999999999999999999}".replace("99999999999999999999", "\"99999999999999999999\""),
                new RunLinePrinter(RunFormat.JSONL).fire(FireLineText.fire("FIRE key=global window=global count=1 sum=99999999999999999999"
                        + " elements=[7] wm=MAX")));
    }

    @Test
    void aLateLineReadsBack() {
        assertEquals("LATE,k ts=1,,,,,2000,-189", new RunLinePrinter(RunFormat.CSV).late(FireLineText.late("LATE key=k ts=1 ts=2000 value=-189")));
    }

    @Test
    void anotherLineIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> FireLineText.fire("FIRE key=k count=1"));
        assertThrows(IllegalArgumentException.class, () -> FireLineText.late("LATE k"));
    }
}
