#version 450
// Data-dependent control flow for every invocation: nested loops with
// continue and break, a do/while, a switch with fallthrough and returns
// inside cases, early returns from the entry point, a loop in a callee,
// selects and values flowing out of every construct.
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { int values[]; };
layout(std430, set = 0, binding = 1) buffer Results { int results[]; };

int collatz_steps(int n) {
    int steps = 0;
    while (n > 1 && steps < 50) {
        if ((n & 1) == 0) {
            n >>= 1;
        } else {
            n = 3 * n + 1;
        }
        steps++;
    }
    return steps;
}

int classify(int v) {
    switch (v % 7) {
    case 0:
        return 10;
    case 1:
    case 2:
        v += 3;
    case 3:
        v *= 2;
        break;
    case 4:
        if (v > 20) {
            return -v;
        }
        v -= 1;
        break;
    default:
        v = -v;
    }
    return v;
}

void main() {
    uint i = gl_GlobalInvocationID.x;
    int v = values[i] + int(i % 5u);
    int acc = 0;
    for (int j = 0; j < 8; j++) {
        if (j == v % 5) {
            continue;
        }
        if (acc > 1000) {
            break;
        }
        int k = 0;
        do {
            acc += classify(v + j + k);
            k++;
            if ((acc & 3) == 3) {
                break;
            }
        } while (k < 3);
        if (j > 6 && v == 13) {
            results[i] = -1;
            return;
        }
    }
    acc += collatz_steps(v + int(i));
    if (acc < -500) {
        results[i] = -2;
        return;
    }
    bool odd = (acc & 1) == 1;
    results[i] = odd ? acc : (acc > 50 ? acc / 2 : acc * 3);
}
