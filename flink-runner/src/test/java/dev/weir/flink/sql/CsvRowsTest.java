package dev.weir.flink.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class CsvRowsTest {
    @Test
    void quotedFieldsKeepTheirCommasAndQuotes() {
        assertEquals(List.of("1", "a,b", "say \"hi\"", ""), CsvRows.fields("1,\"a,b\",\"say \"\"hi\"\"\","));
    }

    @Test
    void theLastRowOfEachKeyIsTheResult() {
        assertEquals(List.of("10,x,3", "11,y,2"), CsvRows.lastPerKey(List.of("10,x,1", "11,y,2", "10,x,3"), 0, 1));
    }
}
