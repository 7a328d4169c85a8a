// Control flow: nested loops with break and continue, `break if`, a
// switch with shared cases and a default, early returns inside constructs,
// and calls passing pointers to function and private variables.
@group(0) @binding(0) var<storage, read_write> data: array<i32>;

var<private> visits: i32;

fn collatz_steps(start: i32) -> i32 {
    var n = start;
    var steps = 0;
    while n > 1 {
        if steps > 500 {
            return -1;
        }
        if (n & 1) == 0 {
            n = n / 2;
            steps += 1;
            continue;
        }
        n = 3 * n + 1;
        steps += 1;
    }
    return steps;
}

fn accumulate(total: ptr<function, i32>, value: i32) {
    *total += value;
    visits += 1;
}

fn classify(x: i32) -> i32 {
    switch x % 6 {
        case 0, 1: {
            return 10;
        }
        case 2: {
            if x > 100 {
                return 20;
            }
        }
        case 3, default: {
            return 30 + x;
        }
    }
    return 40;
}

@compute @workgroup_size(32)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let index = id.x;
    if index >= arrayLength(&data) {
        return;
    }
    var total = 0;
    for (var i = 0; i < 8; i++) {
        if i == 3 {
            continue;
        }
        for (var j = i; j < 8; j += 2) {
            if (i + j) % 5 == 4 {
                break;
            }
            accumulate(&total, i * j);
        }
    }
    var k = 0;
    loop {
        k += 1;
        total += classify(k + i32(index));
        continuing {
            break if k >= 6 || total > 1000;
        }
    }
    total += collatz_steps(i32(index) + 1);
    data[index] = total + visits;
}
