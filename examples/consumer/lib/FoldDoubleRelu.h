//===- FoldDoubleRelu.h - An example pass over Torch IR ---------*- C++ -*-===//

#ifndef CONSUMER_FOLDDOUBLERELU_H
#define CONSUMER_FOLDDOUBLERELU_H

namespace consumer {
/// Registers --consumer-fold-double-relu: relu(relu(x)) -> relu(x).
void registerFoldDoubleReluPass();
} // namespace consumer

#endif // CONSUMER_FOLDDOUBLERELU_H
